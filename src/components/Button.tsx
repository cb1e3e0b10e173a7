import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { Spinner } from './Spinner'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger'
  /** Shows a spinner and the pending label; the button stays focusable but inert. */
  pending?: boolean
  pendingLabel?: ReactNode
  /** Why the button is disabled; rendered next to it and linked with aria-describedby. */
  disabledReason?: ReactNode
  reasonId?: string
}

export function Button({
  variant = 'primary',
  pending = false,
  pendingLabel,
  disabledReason,
  reasonId,
  disabled,
  children,
  className,
  type = 'button',
  ...rest
}: ButtonProps) {
  const inert = disabled || pending
  const describedBy = disabledReason && reasonId ? reasonId : undefined
  return (
    <>
      <button
        {...rest}
        type={type}
        className={['btn', `btn-${variant}`, className].filter(Boolean).join(' ')}
        disabled={disabled && !pending}
        aria-disabled={inert || undefined}
        aria-busy={pending || undefined}
        aria-describedby={
          [rest['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined
        }
        onClick={inert ? (event) => event.preventDefault() : rest.onClick}
      >
        {pending ? (
          <>
            <Spinner size="small" /> {pendingLabel ?? children}
          </>
        ) : (
          children
        )}
      </button>
      {disabledReason && disabled ? (
        <p className="btn-reason" id={reasonId}>
          {disabledReason}
        </p>
      ) : null}
    </>
  )
}
