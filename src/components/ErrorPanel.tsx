import type { ReactNode } from 'react'

/**
 * An error in place of content, announced to screen readers: the markup of ErrorState without its
 * retry button. The app's crash screen uses it alone (src/app/App.tsx), so the entry carries no
 * Button; screens use ErrorState.
 */
export function ErrorPanel({
  title,
  message,
  children,
}: {
  title: string
  message: string
  children?: ReactNode
}) {
  return (
    <section className="state state-error" role="alert">
      <h2 className="state-title">{title}</h2>
      <p className="state-body">{message}</p>
      {children}
    </section>
  )
}
