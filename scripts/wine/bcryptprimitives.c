/*
 * A stand-in for Windows' bcryptprimitives.dll, for Wine releases that do not
 * ship one (Wine 8.0 of Debian 12). Rust's standard library (1.78 and later)
 * imports ProcessPrng from it for its random numbers (HashMap keys), so a
 * Rust program does not start without it. ProcessPrng is filled here by
 * RtlGenRandom (SystemFunction036 of advapi32), which every Wine has.
 *
 * Built by scripts/test-windows.sh:
 *   x86_64-w64-mingw32-gcc -shared -O2 -s -o bcryptprimitives.dll \
 *       bcryptprimitives.c bcryptprimitives.def -ladvapi32
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

/* Fills `len` bytes at `data` with random bytes; like Windows' own, it
 * always reports success (the process could not continue otherwise). */
BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
    while (len > 0) {
        ULONG chunk = len > 0x40000000 ? 0x40000000 : (ULONG)len;
        SystemFunction036(data, chunk);
        data += chunk;
        len -= chunk;
    }
    return TRUE;
}

BOOL WINAPI DllMain(HINSTANCE instance, DWORD reason, LPVOID reserved)
{
    (void)instance;
    (void)reason;
    (void)reserved;
    return TRUE;
}
