/** JSON objects as the protocol reads them: client frames, channel and user data, API bodies. */
export type Json = Record<string, unknown>

/** True for a JSON object: not null, not an array. */
export function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
