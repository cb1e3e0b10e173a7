import type { ReactNode } from 'react'
import { Button } from './Button'
import { ErrorPanel } from './ErrorPanel'

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
    <ErrorPanel title={title} message={message}>
      {onRetry ? (
        <div className="state-action">
          <Button variant="secondary" onClick={onRetry} pending={retrying}>
            {retryLabel ?? 'Try again'}
          </Button>
        </div>
      ) : null}
      {children}
    </ErrorPanel>
  )
}
