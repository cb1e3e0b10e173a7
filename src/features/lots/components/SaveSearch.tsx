import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import { createPortal } from 'react-dom'
import { useBody } from '../../../components/useBody'
import { Link, useLocation, useSearch } from 'wouter'
import { SAVED_SEARCH_NAME_MAX } from '../../../../common/saved-searches'
import { Button } from '../../../components/Button'
import { TextField } from '../../../components/TextField'
import { useToast } from '../../../components/Toast'
import { useT, type MessageKey } from '../../../i18n'
import { errorMessage } from '../../../i18n/error-message'
import { useOnline } from '../../../offline/online'
import { useMe } from '../../auth'
import type { LotListParams } from '../list-params'
import { useSaveSearch } from '../saved-searches-api'

/**
 * "Save search" (issue 32): the list's filters (words, category, price, sort) under a name, told
 * of new matches (docs/product.md "Saved searches"). A guest is sent to sign in and back.
 */
export function SaveSearch({ params }: { params: LotListParams }) {
  const { t, lang } = useT()
  const me = useMe()
  const online = useOnline()
  const [location] = useLocation()
  const search = useSearch()
  const [open, setOpen] = useState(false)
  const [name, setName] = useState('')
  const save = useSaveSearch()
  const { notify } = useToast()
  const ref = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const titleId = useId()
  const body = useBody()

  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
    } else if (!open && dialog.open) {
      dialog.close()
      opener.current?.focus()
    }
  }, [open])

  if (me.isPending) return null
  if (!me.data) {
    const next = encodeURIComponent(search ? `${location}?${search}` : location)
    return (
      <Link href={`/sign-in?next=${next}`} className="btn btn-ghost save-search">
        {t('savedSearch.signIn')}
      </Link>
    )
  }

  const suggested =
    params.q ||
    (params.category ? t(`lots.category.${params.category}` as MessageKey) : '') ||
    t('savedSearch.anything')

  const start = () => {
    save.reset()
    setName(suggested)
    setOpen(true)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    try {
      await save.mutateAsync({
        name,
        q: params.q || undefined,
        category: params.category,
        minPrice: params.minPrice,
        maxPrice: params.maxPrice,
        sort: params.sort,
      })
      setOpen(false)
      notify({ message: t('savedSearch.saved'), tone: 'success' })
    } catch {
      // Shown in the dialog from the mutation's error.
    }
  }

  return (
    <>
      <Button type="button" variant="ghost" className="save-search" onClick={start}>
        {t('savedSearch.save')}
      </Button>
      {body &&
        createPortal(
          <dialog
            ref={ref}
            className="bid-dialog save-search-dialog"
            aria-labelledby={titleId}
            onCancel={(event) => {
              event.preventDefault()
              setOpen(false)
            }}
          >
            {open ? (
              <form onSubmit={(event) => void submit(event)} noValidate>
                <h2 id={titleId}>{t('savedSearch.dialogTitle')}</h2>
                <p className="muted small">{t('savedSearch.intro')}</p>
                <TextField
                  name="savedSearchName"
                  label={t('savedSearch.name')}
                  value={name}
                  maxLength={SAVED_SEARCH_NAME_MAX}
                  required
                  autoFocus
                  onChange={(e) => setName(e.target.value)}
                  error={save.isError ? errorMessage(save.error, lang) : null}
                />
                {!online ? <p className="muted small">{t('savedSearch.offline')}</p> : null}
                <div className="save-search-actions">
                  <Button
                    type="submit"
                    variant="primary"
                    disabled={!online || save.isPending || !name.trim()}
                  >
                    {t('savedSearch.confirm')}
                  </Button>
                  <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
                    {t('savedSearch.cancel')}
                  </Button>
                </div>
              </form>
            ) : null}
          </dialog>,
          body,
        )}
    </>
  )
}
