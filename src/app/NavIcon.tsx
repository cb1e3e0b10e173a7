import { LineIcon } from '../components/LineIcon'

/** Small line icons for the phone tab bar; decorative (the label names the link). */
const PATHS = {
  lots: 'M4 5h16v4H4zM4 11h16v8H4zM8 15h3',
  shows: 'M3 6h18v12H3zM10 9.5v5l4.5-2.5z',
  watchlist: 'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  bids: 'M5 20h14M7 16l10-10M14 3l7 7M3 14l7 7',
  wallet: 'M3 7h15a3 3 0 0 1 3 3v7a3 3 0 0 1-3 3H3zM3 7l12-3v3M16 13h2',
  account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  bell: 'M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0',
  signIn: 'M10 17l5-5-5-5M15 12H3M14 4h5a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-5',
  admin: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4',
} as const

export type NavIconName = keyof typeof PATHS

export function NavIcon({ name }: { name: NavIconName }) {
  return <LineIcon className="nav-icon" d={PATHS[name]} size={22} />
}
