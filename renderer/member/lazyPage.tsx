import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { Spinner } from '../common/components/Spinner'

/** Code-split a page module by its named export, with a spinner (or `fallback`) while it loads. */
export function lazyPage<K extends string>(load: () => Promise<{ [P in K]: ComponentType<object> }>, name: K, fallback: ReactNode = <Spinner />): ComponentType {
  const Lazy = lazy(async (): Promise<{ default: ComponentType<object> }> => ({ default: (await load())[name] }))
  return function LazyPage() {
    return (
      <Suspense fallback={fallback}>
        <Lazy />
      </Suspense>
    )
  }
}
