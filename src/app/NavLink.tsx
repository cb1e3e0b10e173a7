import type { ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import { NavIcon, type NavIconName } from './NavIcon'

export function NavLink({
  href,
  icon,
  className = '',
  children,
}: {
  href: string
  icon?: NavIconName
  className?: string
  children: ReactNode
}) {
  const [location] = useLocation()
  const path = href.split('?')[0] ?? href
  const active = path === '/' ? location === '/' : location.startsWith(path)
  return (
    <Link
      href={href}
      className={`nav-link ${className}`.trim()}
      aria-current={active ? 'page' : undefined}
    >
      {icon ? <NavIcon name={icon} /> : null}
      {children}
    </Link>
  )
}
