import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import { isApiError } from '../../api/errors'
import { useT } from '../../i18n'
import { errorMessage } from '../../i18n/error-message'
import { LOT_PICTURES_MAX } from '../../../common/auction'
import { useAddLotPicture, useCreateLot } from './api'
import { joinShowQueue } from './api/show-lot'
import { serverNow } from './clock'
import { showLotTiming, type ForShow } from './show-lot-timing'
import { moved } from './components/PictureOrderList'
import {
  checkLotForm,
  errorsStillShown,
  FIELD_ORDER,
  formFieldErrors,
  INITIAL_VALUES,
  pictureProblem,
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
type ChosenImage = { file: File; url: string }
/** The chosen pictures not yet on a created lot: the first failed (and why), the rest wait. */
export interface UnsentPictures {
  lotId: string
  images: ChosenImage[]
  /** The one that failed (its object URL) and the server's reason. */
  failed: string
  reason: string
}

/**
 * The create-lot form's state and its submit: checked before sending; then the lot, then its
 * pictures in the chosen order (decision 0024); errors from the server go to their fields, the first wrong field takes the focus.
 */
export function useCreateLotForm({
  online,
  money,
  currency,
  show,
}: {
  online: boolean
  money: (minor: number) => string
  /** What the prices are typed in (the server's currency). */
  currency: string
  /** Made from a show's edit screen: the lot joins that show's queue (issue 34). */
  show?: ForShow
}) {
  const { t, lang } = useT()
  const [, navigate] = useLocation()
  const create = useCreateLot()
  const upload = useAddLotPicture()
  const [values, setValues] = useState<LotFormValues>(INITIAL_VALUES)
  // What the last failed submit said, and the values it looked at (see errorsStillShown).
  const [shown, setShown] = useState<{
    errors: FieldErrors
    values: LotFormValues
    fromServer: boolean
  } | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  // Each chosen file with an object URL for its thumbnail (revoked when removed or on leaving).
  const [images, setImages] = useState<ChosenImage[]>([])
  const kept = useRef(images)
  useEffect(() => {
    kept.current = images
  }, [images])
  useEffect(() => () => kept.current.forEach((image) => revoke(image.url)), [])
  // One line per refused file (its name and why), or the too-many note.
  const [imageErrors, setImageErrors] = useState<string[]>([])
  const [unsent, setUnsent] = useState<UnsentPictures | null>(null)
  const [sending, setSending] = useState(false)
  const refs = useRef<Partial<Record<Field, FieldElement | null>>>({})

  /** An onChange for a text field: `onChange={set('title')}`. */
  const set = (name: keyof LotFormValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }))
  /** A ref callback that lets a field take the focus when it is the first wrong one. */
  const fieldRef = (name: Field) => (el: FieldElement | null) => void (refs.current[name] = el)

  // A fixed field's error goes as it is fixed, without a new submit (the others stay).
  const errors: FieldErrors = shown
    ? errorsStillShown(shown, values, checkLotForm(values, serverNow(), t, money, currency).errors)
    : {}

  const showErrors = (found: FieldErrors, fromServer = false) => {
    setShown({ errors: found, values, fromServer })
    const first = FIELD_ORDER.find((f) => found[f])
    if (first) refs.current[first]?.focus()
  }

  /**
   * Adds chosen files after those already chosen: each is checked at once with the server's own
   * rule, and each refused one is named with why; at most 8 in all.
   */
  const chooseImages = (files: File[]) => {
    const problems: string[] = []
    const ok = files.filter((file) => {
      const problem = pictureProblem(file, t, lang)
      if (problem) problems.push(problem)
      return problem === null
    })
    const room = LOT_PICTURES_MAX - images.length
    const taken = ok.slice(0, Math.max(0, room)).map((file) => ({ file, url: objectUrl(file) }))
    setImages((before) => [...before, ...taken])
    if (ok.length > room) problems.push(t('pictures.tooMany', { max: LOT_PICTURES_MAX }))
    setImageErrors(problems)
  }
  const moveImage = (from: number, to: number) => setImages((before) => moved(before, from, to))
  const removeImage = (index: number) => setImages((before) => before.filter((_, i) => i !== index))

  /**
   * Sends `list` to the created lot in order and opens the lot when all are on it. At the first
   * failure it stops (the order stays the seller's) and keeps the rest here, named, to try again
   * or remove (docs/product.md, "Selling on a phone").
   */
  const sendPictures = async (lotId: string, list: ChosenImage[]) => {
    setSending(true)
    for (const [index, image] of list.entries()) {
      try {
        await upload.mutateAsync({ id: lotId, file: image.file })
      } catch (error) {
        setSending(false)
        setUnsent({
          lotId,
          images: list.slice(index),
          failed: image.url,
          reason: errorMessage(error, lang),
        })
        return
      }
    }
    setSending(false)
    setUnsent(null)
    await finish(lotId)
  }
  /** Opens the lot, or, made for a show, puts it in the show's queue and goes back to the show. */
  const finish = async (lotId: string) => {
    if (!show) return navigate(`/lots/${lotId}`)
    await joinShowQueue(show.id, lotId)
    navigate(`/shows/${encodeURIComponent(show.id)}/edit`)
  }
  const retryUnsent = () => {
    if (unsent && online && !sending) void sendPictures(unsent.lotId, unsent.images)
  }
  const removeUnsent = (index: number) => {
    if (!unsent) return
    const left = unsent.images.filter((_, i) => i !== index)
    if (left.length === 0) return void finish(unsent.lotId)
    setUnsent({ ...unsent, images: left })
  }
  const openWithout = () => {
    if (unsent) void finish(unsent.lotId)
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!online || create.isPending || sending) return
    setFormError(null)
    const { request, errors: found } = checkLotForm(values, serverNow(), t, money, currency)
    if (Object.keys(found).length > 0) return showErrors(found)
    setShown(null)
    create.mutate(show ? showLotTiming(request, show, serverNow()) : request, {
      // The lot exists now: a failed picture keeps this screen, never a second listing.
      onSuccess: (lot) => void sendPictures(lot.id, images),
      onError: (error) => {
        if (isApiError(error)) {
          const fromServer = formFieldErrors(error.fieldErrors)
          if (Object.keys(fromServer).length > 0) return showErrors(fromServer, true)
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
    imageErrors,
    images,
    chooseImages,
    moveImage,
    removeImage,
    onSubmit,
    unsent,
    sending,
    retryUnsent,
    removeUnsent,
    openWithout,
    pending: create.isPending || sending,
  }
}

export type CreateLotForm = ReturnType<typeof useCreateLotForm>
