#include <ptxabi_thrust.h>
