import type { ReactNode } from 'react'
import { LineIcon } from './LineIcon'

/** A Wi-Fi sign struck through. */
const OFFLINE_ICON =
  'M2 8.5a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0M12 19h.01M3 3l18 18'

/** Inline notice explaining why something is unavailable offline. */
export function OfflineNotice({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p className="notice notice-offline" id={id} role="status">
      <LineIcon className="notice-icon" d={OFFLINE_ICON} stroke={2} />
      <span>{children}</span>
    </p>
  )
}
