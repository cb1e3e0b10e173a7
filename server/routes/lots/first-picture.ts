import {
  CARD_PICTURE_SIZES,
  GALLERY_PICTURE_SIZES,
  parsePriceLimit,
} from '../../../common/auction.ts'
import { readListParams } from '../../../common/auction/list-query.ts'
import { isUuid } from '../../../common/wire.ts'
import type { Queryable } from '../../db/types.ts'
import { findLot, listLots, toSummary } from '../../repositories/lots.ts'
import type { FirstPicture, Screen } from '../../lib/shell-preloads.ts'

/**
 * The picture a first screen shows first, for the shell to preload (decision 0031): the cover of
 * the list's first card (the list as its address asks, searches aside), or a lot room's first
 * picture. One indexed query of one row; undefined when the screen shows none.
 */
export function firstPictureFinder(db: Queryable) {
  return async ({ path, search }: Screen): Promise<FirstPicture | undefined> => {
    if (path === '/') {
      const params = readListParams(search)
      if (params.q) return undefined
      const cents = (raw: string | undefined) => (raw ? parsePriceLimit(raw) : undefined)
      const { rows } = await listLots(db, {
        filter: params.status,
        sort: params.sort,
        category: params.category,
        minPrice: cents(params.minPrice),
        maxPrice: cents(params.maxPrice),
        limit: 1,
        now: new Date(),
      })
      const cover = rows[0] && toSummary(rows[0]).pictures[0]
      return cover && { picture: cover, sizes: CARD_PICTURE_SIZES, shows: 'card' }
    }
    const id = /^\/lots\/([^/]+)\/?$/.exec(path)?.[1]?.toLowerCase()
    if (!id || !isUuid(id)) return undefined
    const lot = await findLot(db, id)
    const first = lot && toSummary(lot).pictures[0]
    return first && { picture: first, sizes: GALLERY_PICTURE_SIZES, shows: 'gallery' }
  }
}
