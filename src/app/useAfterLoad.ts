import { startTransition, useEffect, useState } from 'react'
import { afterLoadAndIdle } from '../lib/idle'

/**
 * False until the page has loaded and gone idle: what the first screen does not need (the update
 * and install prompts, the service worker's registration, the other screens' words) waits for it,
 * so a slow phone spends its first seconds on the screen (docs/decisions/0030-first-visit.md).
 * What it then draws is drawn in a transition, in slices a tap can come between (0062).
 */
export function useAfterLoad(): boolean {
  const [ready, setReady] = useState(false)
  useEffect(() => afterLoadAndIdle(() => startTransition(() => setReady(true))), [])
  return ready
}
