// A small React 19 app around <ik2d-scene>: React state sets the elements' attributes (the scene,
// its method, bone count, target...), its controls change them and the scene follows; `onload` and
// `onstatechange` props are the elements' DOM events (React 19 adds a listener for a custom
// element's `on…` prop: `onstatechange` for `statechange`); a ref calls the element's methods; and
// the arm wears two pictures (child <img data-bone>); the rope is rendered only while its box is ticked (unmounted, it frees its scene; mounted again,
// it starts afresh). The elements' own "Open in playground" link is hidden (openLink="0"): bundled,
// the element cannot know where a playground is served (an app that serves one names it with the
// `playground` attribute); the Share link button shows the scene's link instead.
import { useEffect, useRef, useState } from 'react';
// Pictures drawn along the arm's bones: files the app's build emits (kept as files, not inlined as
// data: URLs, which the page's policy refuses: build.mjs sets assetsInlineLimit to 0).
import upperArm from './upper-arm.png';
import forearm from './forearm.svg';

const METHODS = [['ccd', 'CCD'], ['fabrik', 'FABRIK'], ['dls', 'DLS']];

/** @param {{x: number, y: number}} point */
const formatPoint = ({ x, y }) => `${x.toFixed(1)}, ${y.toFixed(1)}`;

/** @param {{dark?: boolean}} props */
export function App({ dark: darkAtFirst = false }) {
  const [method, setMethod] = useState('fabrik');
  const [bones, setBones] = useState(8);
  const [chain, setChain] = useState(/** @type {any} */ (null));
  const [targetText, setTargetText] = useState('120,70');
  const [target, setTarget] = useState('120,70');
  const [arm, setArm] = useState(/** @type {any} */ (null));
  const [notices, setNotices] = useState(/** @type {string[] | null} */ (null));
  const [link, setLink] = useState('');
  const [showRope, setShowRope] = useState(true);
  const [dark, setDark] = useState(darkAtFirst);
  const [loads, setLoads] = useState(/** @type {Record<string, number>} */ ({}));
  const armRef = useRef(/** @type {import('ik2d/element').Ik2dSceneElement | null} */ (null));

  /** @param {string} id */
  const loaded = (id) => () => setLoads((was) => ({ ...was, [id]: (was[id] ?? 0) + 1 }));

  // The page's colour scheme: the elements (theme="auto") follow it.
  useEffect(() => { document.documentElement.classList.toggle('dark', dark); }, [dark]);
  // Ready once every element has drawn (the browser tests wait for it).
  useEffect(() => {
    if (loads.chain && loads.arm && loads.rope) document.documentElement.dataset.ready = 'true';
  }, [loads]);

  return (
    <main className="app">
      <header className="app-header">
        <h1>ik2d in React</h1>
        <label className="toggle">
          <input type="checkbox" checked={dark} onChange={(event) => setDark(event.target.checked)} /> Dark page
        </label>
      </header>

      <section className="card" aria-labelledby="chain-title">
        <h2 id="chain-title">A chain, set from React state</h2>
        <div className="controls">
          <fieldset>
            <legend>Method</legend>
            {METHODS.map(([value, label]) => (
              <label key={value}>
                <input type="radio" name="method" value={value} checked={method === value}
                  onChange={() => setMethod(value)} /> {label}
              </label>
            ))}
          </fieldset>
          <label>
            Bones <input id="bones" type="range" min="2" max="32" value={bones}
              onChange={(event) => setBones(Number(event.target.value))} /> <output>{bones}</output>
          </label>
        </div>
        <ik2d-scene id="chain" scene="chain" method={method} bones={bones} path="circle" openLink="0"
          onload={loaded('chain')} onstatechange={(event) => setChain(event.detail)} />
        <p className="status" id="chain-status">
          {chain ? `Last change: ${chain.params.bones} bones, ${chain.params.method}` : 'No change yet'}
        </p>
      </section>

      <section className="card" aria-labelledby="arm-title">
        <h2 id="arm-title">An arm, driven through a ref</h2>
        <form className="controls" onSubmit={(event) => { event.preventDefault(); setTarget(targetText); }}>
          <label>
            Target <input id="target" value={targetText} size={12} spellCheck={false}
              onChange={(event) => setTargetText(event.target.value)} />
          </label>
          <button type="submit" className="button">Set target</button>
          <button type="button" className="button" id="reach"
            onClick={() => setNotices(armRef.current?.setState({ target: { x: 260, y: 40 } }) ?? null)}>
            Reach out
          </button>
          <button type="button" className="button" id="share"
            onClick={() => setLink(armRef.current?.shareLink() ?? '')}>
            Share link
          </button>
        </form>
        <ik2d-scene id="arm" ref={armRef} scene="arm" length1="130" length2="100" target={target} openLink="0"
          onload={loaded('arm')} onstatechange={(event) => setArm(event.detail)}>
          <img data-bone="0" src={upperArm} alt="" />
          <img data-bone="1" src={forearm} alt="" />
        </ik2d-scene>
        <p className="status" id="arm-status">
          {arm ? `Last change: target ${formatPoint(arm.target)}, ${arm.result.status.replaceAll('_', ' ')}` : 'No change yet'}
        </p>
        {notices && <p className="status" id="arm-notices">{notices.length ? notices.join('; ') : 'setState took it all'}</p>}
        {link && <p className="status link">Its link: <code id="arm-link">{new URL(link).search}</code></p>}
      </section>

      <section className="card" aria-labelledby="rope-title">
        <h2 id="rope-title">A rope, rendered on condition</h2>
        <label className="toggle">
          <input id="show-rope" type="checkbox" checked={showRope} onChange={(event) => setShowRope(event.target.checked)} /> Show the rope
        </label>
        {showRope && <ik2d-scene id="rope" scene="rope" segments="20" openLink="0" onload={loaded('rope')} />}
      </section>

      <p className="status" id="loads">
        Loaded: {['chain', 'arm', 'rope'].filter((id) => loads[id]).map((id) => `${id} ${loads[id]}×`).join(', ') || 'none yet'}
      </p>
    </main>
  );
}
