/* See cuda_runtime.h in this folder. */
#include "cuda_runtime.h"
