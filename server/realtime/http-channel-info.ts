/** The `info` attributes the API reports on a channel (`user_count`, `subscription_count`). */
import type { AppState } from './app-state.ts'
import { HttpError } from './http-error.ts'
import type { Json } from './json.ts'
import { channelKind } from './names.ts'

export function parseInfo(info: unknown): string[] {
  if (info === undefined || info === '') return []
  if (typeof info !== 'string') throw new HttpError(400, 'info must be a comma-separated string')
  const attrs = info.split(',').map((s) => s.trim())
  for (const a of attrs) {
    if (a !== 'user_count' && a !== 'subscription_count') {
      throw new HttpError(400, `Unsupported info attribute ${a}`)
    }
  }
  return attrs
}

export function infoFor(state: AppState, name: string, attrs: string[], strict: boolean): Json {
  const out: Json = {}
  for (const a of attrs) {
    if (a === 'user_count') {
      if (channelKind(name) !== 'presence') {
        if (strict) throw new HttpError(400, 'user_count is only available for presence channels')
        continue
      }
      out.user_count = state.memberIds(name).length
    } else if (a === 'subscription_count') {
      out.subscription_count = state.subscriptionCount(name)
    }
  }
  return out
}
