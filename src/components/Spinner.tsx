export function Spinner({ size = 'medium' }: { size?: 'small' | 'medium' }) {
  return <span className={`spinner spinner-${size}`} aria-hidden="true" />
}

/** A labelled busy region for a whole screen or section. */
export function Loading({ label }: { label: string }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <Spinner />
      <span>{label}</span>
    </div>
  )
}
