/**
 * Named parameters for statements assembled from pieces owned by several repositories: each piece
 * writes `:name` instead of a position, and `toPositional` numbers them ($1, $2, …) for the driver.
 * `::type` casts are left alone. A name without a value, or a value no piece uses, is an error:
 * both mean a piece and its caller disagree.
 */
export type Params = Record<string, unknown>

/** One common table expression of a combined statement, with the values it names. */
export interface SqlPiece {
  /** The CTE's name, which the final select may read. */
  name: string
  sql: string
  params: Params
}

const NAME = /(?<!:):([A-Za-z_][A-Za-z0-9_]*)/g

export function toPositional(text: string, params: Params): { text: string; values: unknown[] } {
  const order = new Map<string, number>()
  const positional = text.replace(NAME, (_match, name: string) => {
    if (!(name in params)) throw new Error(`no value for :${name}`)
    if (!order.has(name)) order.set(name, order.size + 1)
    return `$${order.get(name)}`
  })
  const unused = Object.keys(params).filter((name) => !order.has(name))
  if (unused.length) throw new Error(`unused parameters: ${unused.join(', ')}`)
  return { text: positional, values: [...order.keys()].map((name) => params[name]) }
}

/**
 * `with <pieces> <select>` in one statement (one round trip). Pieces may share a name only with
 * the same value (the lot id, the clock), so two pieces cannot silently disagree.
 */
export function withPieces(
  pieces: SqlPiece[],
  select: string,
  params: Params = {},
): { text: string; values: unknown[] } {
  const all: Params = { ...params }
  for (const piece of pieces) {
    for (const [name, value] of Object.entries(piece.params)) {
      if (name in all && all[name] !== value) throw new Error(`:${name} differs between pieces`)
      all[name] = value
    }
  }
  const ctes = pieces.map((p) => `${p.name} as (\n${p.sql}\n)`).join(',\n')
  return toPositional(`with ${ctes}\n${select}`, all)
}
