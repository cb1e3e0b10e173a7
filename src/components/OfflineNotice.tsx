import type { ReactNode } from 'react'

/** Inline notice explaining why something is unavailable offline. */
export function OfflineNotice({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p className="notice notice-offline" id={id} role="status">
      <svg viewBox="0 0 24 24" aria-hidden="true" className="notice-icon">
        <path
          d="M2 8.5a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0M12 19h.01M3 3l18 18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      <span>{children}</span>
    </p>
  )
}
