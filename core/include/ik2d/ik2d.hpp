// ik2d/ik2d.hpp: everything public, in one include.
#pragma once

#include "ik2d/batch.hpp"
#include "ik2d/chain.hpp"
#include "ik2d/creature.hpp"
#include "ik2d/follow_chain.hpp"
#include "ik2d/gait.hpp"
#include "ik2d/math.hpp"
#include "ik2d/rope.hpp"
#include "ik2d/second_order.hpp"
#include "ik2d/skeleton.hpp"
#include "ik2d/spider.hpp"
#include "ik2d/terrain.hpp"
#include "ik2d/two_bone.hpp"
#include "ik2d/version.hpp"
