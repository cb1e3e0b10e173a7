import type { ReactNode } from 'react'

export function EmptyState({
  title,
  children,
  action,
  headingLevel = 2,
}: {
  title: string
  children?: ReactNode
  action?: ReactNode
  headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <section className="state state-empty">
      <svg className="state-icon" viewBox="0 0 48 48" aria-hidden="true">
        <path
          d="M8 18 24 8l16 10v18a4 4 0 0 1-4 4H12a4 4 0 0 1-4-4z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinejoin="round"
        />
        <circle cx="24" cy="22" r="4" fill="currentColor" />
      </svg>
      <Heading className="state-title">{title}</Heading>
      {children ? <div className="state-body">{children}</div> : null}
      {action ? <div className="state-action">{action}</div> : null}
    </section>
  )
}
