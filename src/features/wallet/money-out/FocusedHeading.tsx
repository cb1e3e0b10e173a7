import { useEffect, useRef, type ReactNode } from 'react'

/** A result that replaces the form (and the button that had focus): focus moves to it. */
export function FocusedHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return (
    <h3 ref={ref} tabIndex={-1}>
      {children}
    </h3>
  )
}
