import { useEffect } from 'react'

export function useDocumentTitle(title: string, appName = 'Lotline'): void {
  useEffect(() => {
    document.title = title && title !== appName ? `${title} · ${appName}` : appName
  }, [title, appName])
}
