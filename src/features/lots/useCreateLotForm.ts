import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import { isApiError } from '../../api/errors'
import { useToast } from '../../components/Toast'
import { useT } from '../../i18n'
import { errorMessage } from '../../i18n/error-message'
import { LOT_PICTURES_MAX } from '../../../common/auction'
import { useAddLotPicture, useCreateLot } from './api'
import { serverNow } from './clock'
import { moved } from './components/PictureOrderList'
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

const objectUrl = (file: File) =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : `#${file.name}`
const revoke = (url: string) => {
  if (url.startsWith('blob:')) URL.revokeObjectURL(url)
}

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/**
 * The create-lot form's state and its submit: checked before sending; then the lot, then its
 * pictures in the chosen order (decision 0024); errors from the server go to their fields, the first wrong field takes the focus.
 */
export function useCreateLotForm({
  online,
  money,
  currency,
}: {
  online: boolean
  money: (minor: number) => string
  /** What the prices are typed in (the server's currency). */
  currency: string
}) {
  const { t, lang } = useT()
  const [, navigate] = useLocation()
  const create = useCreateLot()
  const upload = useAddLotPicture()
  const { notify } = useToast()
  const [values, setValues] = useState<LotFormValues>(INITIAL_VALUES)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  // Each chosen file with an object URL for its thumbnail (revoked when removed or on leaving).
  const [images, setImages] = useState<Array<{ file: File; url: string }>>([])
  const shown = useRef(images)
  useEffect(() => {
    shown.current = images
  }, [images])
  useEffect(() => () => shown.current.forEach((image) => revoke(image.url)), [])
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

  /** Adds chosen files after those already chosen: acceptable ones only, at most 8 in all. */
  const chooseImages = (files: File[]) => {
    const ok = files.filter((file) => isAcceptableImage(file))
    const room = LOT_PICTURES_MAX - images.length
    const taken = ok.slice(0, Math.max(0, room)).map((file) => ({ file, url: objectUrl(file) }))
    setImages((before) => [...before, ...taken])
    setImageError(
      ok.length < files.length
        ? t('create.err.image')
        : ok.length > room
          ? t('pictures.tooMany', { max: LOT_PICTURES_MAX })
          : null,
    )
  }
  const moveImage = (from: number, to: number) => setImages((before) => moved(before, from, to))
  const removeImage = (index: number) => setImages((before) => before.filter((_, i) => i !== index))

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!online || create.isPending) return
    setFormError(null)
    const { request, errors: found } = checkLotForm(values, serverNow(), t, money, currency)
    if (Object.keys(found).length > 0) return showErrors(found)
    setErrors({})
    create.mutate(request, {
      onSuccess: async (lot) => {
        // The lot exists now; a failed picture upload must not make anyone list it twice.
        for (const { file } of images) {
          const sent = await upload.mutateAsync({ id: lot.id, file }).then(
            () => true,
            () => false,
          )
          if (!sent) {
            notify({ message: t('create.imageFailed'), tone: 'error', duration: 0 })
            break
          }
        }
        navigate(`/lots/${lot.id}`)
      },
      onError: (error) => {
        if (isApiError(error)) {
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
    images,
    chooseImages,
    moveImage,
    removeImage,
    onSubmit,
    pending: create.isPending || upload.isPending,
  }
}

export type CreateLotForm = ReturnType<typeof useCreateLotForm>
