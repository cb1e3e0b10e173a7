import { Component, type ErrorInfo, type ReactNode } from 'react'

interface Props {
  /** Changing this (e.g. the location) clears the error. */
  resetKey?: unknown
  fallback: (error: unknown, reset: () => void) => ReactNode
  /** Told of each caught error; by default it is logged as a screen that failed. */
  onError?: (error: unknown) => void
  children: ReactNode
}

interface State {
  error: unknown
  hasError: boolean
  resetKey: unknown
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, hasError: false, resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey)
      return { resetKey: props.resetKey, hasError: false, error: null }
    return null
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (this.props.onError) return this.props.onError(error)
    console.error('Screen failed to render', error, info.componentStack)
  }

  reset = () => this.setState({ hasError: false, error: null })

  override render() {
    if (this.state.hasError) return this.props.fallback(this.state.error, this.reset)
    return this.props.children
  }
}
