import { useState, type FormEvent } from 'react'
import { isApiError } from '../../api/errors'
import { useT } from '../../i18n'
import { errorMessage } from '../../i18n/error-message'
import type { FieldErrors } from './validation'

/**
 * Form state shared by sign-in and sign-up: client validation first (common/accounts.ts rules),
 * then server answers — per-field problem `errors` next to their fields, anything else above
 * the form. Editing a field clears its server error.
 */
export function useAuthForm<F extends string>(options: {
  initial: Record<F, string>
  validate: (values: Record<F, string>) => FieldErrors<F>
  submit: (values: Record<F, string>) => Promise<unknown>
}) {
  const { lang } = useT()
  const [values, setValues] = useState(options.initial)
  const [clientErrors, setClientErrors] = useState<FieldErrors<F>>({})
  const [serverErrors, setServerErrors] = useState<FieldErrors<F>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [submitted, setSubmitted] = useState(false)

  const fieldError = (field: F): string | undefined => clientErrors[field] ?? serverErrors[field]

  const onChange = (field: F) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value }
    setValues(next)
    if (serverErrors[field])
      setServerErrors(({ [field]: _drop, ...rest }) => rest as FieldErrors<F>)
    if (submitted) setClientErrors(options.validate(next))
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    setSubmitted(true)
    setFormError(null)
    const errors = options.validate(values)
    setClientErrors(errors)
    const firstInvalid = Object.keys(options.initial).find((f) => errors[f as F])
    if (firstInvalid) {
      ;(form.elements.namedItem(firstInvalid) as HTMLElement | null)?.focus()
      return
    }
    try {
      await options.submit(values)
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
        const known = Object.keys(options.initial)
        const perField = Object.fromEntries(
          Object.entries(error.fieldErrors).filter(([k]) => known.includes(k)),
        ) as FieldErrors<F>
        const placed = Object.keys(perField)
        // One refused field (a wrong current password, a taken e-mail) is said once, at the
        // field, in the reader's language — not again above the form.
        const single =
          error.code !== 'validation_failed' &&
          placed.length === 1 &&
          Object.keys(error.fieldErrors).length === 1
        setServerErrors(
          single ? ({ [placed[0]!]: errorMessage(error, lang) } as FieldErrors<F>) : perField,
        )
        const first = known.find((f) => perField[f as F])
        if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus()
        if (single) return
        if (placed.length === Object.keys(error.fieldErrors).length) {
          setFormError(errorMessage(error, lang))
          return
        }
      }
      if (error instanceof Error && error.name === 'AbortError') return
      setFormError(errorMessage(error, lang))
    }
  }

  return { values, onChange, onSubmit, fieldError, formError }
}

/** The state and handlers `useAuthForm` gives an account form. */
export type AuthForm<F extends string> = ReturnType<typeof useAuthForm<F>>
