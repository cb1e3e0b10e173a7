import type { ReactNode } from 'react'
import { Button } from './Button'

/** An error in place of content, announced to screen readers, with an optional retry. */
export function ErrorState({
  title,
  message,
  onRetry,
  retryLabel,
  retrying = false,
  children,
}: {
  title: string
  message: string
  onRetry?: () => void
  retryLabel?: string
  retrying?: boolean
  children?: ReactNode
}) {
  return (
    <section className="state state-error" role="alert">
      <h2 className="state-title">{title}</h2>
      <p className="state-body">{message}</p>
      {onRetry ? (
        <div className="state-action">
          <Button variant="secondary" onClick={onRetry} pending={retrying}>
            {retryLabel ?? 'Try again'}
          </Button>
        </div>
      ) : null}
      {children}
    </section>
  )
}
