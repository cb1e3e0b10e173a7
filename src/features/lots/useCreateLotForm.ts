import { useRef, useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import { ApiError } from '../../api/errors'
import { useToast } from '../../components/Toast'
import { errorMessage, useT } from '../../i18n'
import { useCreateLot, useUploadLotImage } from './api'
import { serverNow } from './clock'
import {
  checkLotForm,
  FIELD_ORDER,
  formFieldErrors,
  INITIAL_VALUES,
  isAcceptableImage,
  type Field,
  type FieldErrors,
  type LotFormValues,
} from './create-lot-form'

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/**
 * The create-lot form's state and its submit: checked before sending; then the lot, then its
 * picture; errors from the server go to their fields, the first wrong field takes the focus.
 */
export function useCreateLotForm({
  online,
  money,
}: {
  online: boolean
  money: (minor: number) => string
}) {
  const { t, lang } = useT()
  const [, navigate] = useLocation()
  const create = useCreateLot()
  const upload = useUploadLotImage()
  const { notify } = useToast()
  const [values, setValues] = useState<LotFormValues>(INITIAL_VALUES)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [image, setImage] = useState<File | null>(null)
  const [imageError, setImageError] = useState<string | null>(null)
  const refs = useRef<Partial<Record<Field, FieldElement | null>>>({})

  /** An onChange for a text field: `onChange={set('title')}`. */
  const set = (name: keyof LotFormValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }))
  /** A ref callback that lets a field take the focus when it is the first wrong one. */
  const fieldRef = (name: Field) => (el: FieldElement | null) => void (refs.current[name] = el)

  const showErrors = (found: FieldErrors) => {
    setErrors(found)
    const first = FIELD_ORDER.find((f) => found[f])
    if (first) refs.current[first]?.focus()
  }

  const chooseImage = (file: File | null) => {
    const ok = isAcceptableImage(file)
    setImage(ok ? file : null)
    setImageError(ok ? null : t('create.err.image'))
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!online || create.isPending) return
    setFormError(null)
    const { request, errors: found } = checkLotForm(values, serverNow(), t, money)
    if (Object.keys(found).length > 0) return showErrors(found)
    if (imageError) return
    setErrors({})
    create.mutate(request, {
      onSuccess: async (lot) => {
        // The lot exists now; a failed picture upload must not make anyone list it twice.
        if (image) {
          await upload
            .mutateAsync({ id: lot.id, file: image })
            .catch(() => notify({ message: t('create.imageFailed'), tone: 'error', duration: 0 }))
        }
        navigate(`/lots/${lot.id}`)
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          const fromServer = formFieldErrors(error.fieldErrors)
          if (Object.keys(fromServer).length > 0) return showErrors(fromServer)
        }
        setFormError(errorMessage(error, lang))
      },
    })
  }

  return {
    values,
    setValues,
    set,
    fieldRef,
    errors,
    formError,
    imageError,
    chooseImage,
    onSubmit,
    pending: create.isPending || upload.isPending,
  }
}

export type CreateLotForm = ReturnType<typeof useCreateLotForm>
