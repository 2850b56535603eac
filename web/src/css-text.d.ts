// A stylesheet imported by a module is its text: the build reads .css imports with esbuild's text
// loader (scripts/build.mjs).
declare module '*.css' {
  const text: string;
  export default text;
}
