/** The lot's picture (served under the app's base; the service worker keeps viewed ones). */
export function LotImage({
  imageUrl,
  className,
  eager = false,
}: {
  imageUrl: string | null
  className: string
  eager?: boolean
}) {
  if (!imageUrl) return null
  return (
    <img
      src={`${import.meta.env.BASE_URL}${imageUrl}`}
      // The title next to it names the lot; the picture adds nothing a screen reader needs.
      alt=""
      className={className}
      width={800}
      height={600}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  )
}
