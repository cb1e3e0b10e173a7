/**
 * A line icon on a 24-unit grid, drawn in the text's colour; decorative, so hidden from screen
 * readers (the text beside it names it). One component for the tab bar's icons and the offline
 * notice's: the entry carries one SVG scaffold, not one per icon.
 */
export function LineIcon({
  d,
  className,
  size,
  stroke = 1.8,
}: {
  /** The path's `d`. */
  d: string
  className: string
  /** Width and height before the stylesheet applies (the tab bar's, in the page's own markup). */
  size?: number
  stroke?: number
}) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={stroke}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  )
}
