import { useState } from 'react'
import { useT } from '../../i18n'
import { errorMessage } from '../../i18n/error-message'

/** The reason typed for an admin action, and whether its form was submitted once. */
export function useActionState() {
  const [reason, setReason] = useState('')
  const [tried, setTried] = useState(false)
  return { reason, setReason, tried, setTried }
}

/** What became of an admin action: the server's error, or what was done. */
export function Outcome({ error, done }: { error: unknown; done: string | null }) {
  const { lang } = useT()
  return (
    <div aria-live="polite">
      {error ? (
        <p className="field-error" role="alert">
          {errorMessage(error, lang)}
        </p>
      ) : done ? (
        <p className="admin-done">{done}</p>
      ) : null}
    </div>
  )
}
