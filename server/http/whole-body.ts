/**
 * A request's whole body, gathered piece by piece as it arrives and joined once: read with
 * `arrayBuffer()`, a 25 MB import held the event loop for 130 ms in one go.
 */
export async function wholeBody(request: Request): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array(0);
  const pieces: Uint8Array[] = [];
  let size = 0;
  for await (const piece of request.body) {
    pieces.push(piece);
    size += piece.length;
  }
  return Buffer.concat(pieces, size);
}
