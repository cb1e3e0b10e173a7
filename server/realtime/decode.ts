/**
 * The one place client-supplied percent-encoding is decoded. `decodeURIComponent` throws a
 * URIError on input such as `%E0%A4%A`; thrown inside the upgrade handler that used to end the
 * whole process. Callers get `undefined` and answer with a precise 4xx / pusher:error instead.
 */
export function decodeComponent(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw)
  } catch {
    return undefined
  }
}

/** `req.url` split into its raw path and raw query (no decoding, never throws). */
export function splitUrl(rawUrl: string | undefined): { path: string; rawQuery: string } {
  const url = rawUrl ?? '/'
  const q = url.indexOf('?')
  return q < 0 ? { path: url, rawQuery: '' } : { path: url.slice(0, q), rawQuery: url.slice(q + 1) }
}
