/** App-wide events between the shell and pages. */
export const EXPLORE_REFRESH_EVENT = 'shiliu:explore-refresh'

export function requestExploreRefresh(): void {
  window.dispatchEvent(new Event(EXPLORE_REFRESH_EVENT))
}
