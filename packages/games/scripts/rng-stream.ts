/// <reference types="node" />
// Raw CSPRNG output for external test batteries: `npm run --silent rng:stream | dieharder -a -g 200`.
// Writes the same 32-bit words `cryptoRng` (src/rng.ts) draws — `crypto.getRandomValues` on a
// Uint32Array — as binary to stdout, forever. A battery that has read enough closes the pipe;
// that EPIPE is the normal end, so it exits quietly with status 0.

const WORDS = 16_384; // 64 KiB per write: large enough to be cheap, small enough to stay responsive.

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

function pump(): void {
  for (;;) {
    const words = new Uint32Array(WORDS);
    // getRandomValues fills at most 65,536 bytes per call, exactly this buffer.
    globalThis.crypto.getRandomValues(words);
    // Wait for 'drain' when the reader is slower than we are, instead of buffering without limit.
    if (!process.stdout.write(Buffer.from(words.buffer))) {
      process.stdout.once('drain', pump);
      return;
    }
  }
}

pump();
