// cold.hpp: IK2D_COLD marks code off the hot path (building, checks, messages): compiled for size
// and never inlined into a solve. The WASM module has a payload target (ik2d.js + ik2d.wasm under
// 60 KB gzipped) and -O3 would otherwise unroll and inline these rarely run paths. Not public.
#pragma once

#if defined(__clang__)
#define IK2D_COLD __attribute__((minsize, noinline))
#else
#define IK2D_COLD __attribute__((noinline, cold))
#endif
