#pragma once
#define USER_N 3
struct UserPoint { float x, y; };
