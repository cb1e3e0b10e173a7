/** The lot list's cursor: its sort key, base64url-encoded JSON, checked as client input. */
import { isUuid } from '../../../common/wire.ts'

/** Sort key: open (ending soonest) → scheduled (starting soonest) → over (most recent first). */
export type LotCursor = [rank: number, time: number, id: string]

export function encodeCursor(cursor: LotCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url')
}

export function decodeCursor(raw: string): LotCursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))
    // Every part must fit what it is compared with in SQL (int rank 0-2, bigint time, uuid id):
    // a cursor is client input, and a value PostgreSQL cannot cast would fail as a 500.
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      [0, 1, 2].includes(value[0] as number) &&
      Number.isSafeInteger(value[1]) &&
      typeof value[2] === 'string' &&
      isUuid(value[2])
    ) {
      return value as LotCursor
    }
  } catch {
    // fall through
  }
  return undefined
}
