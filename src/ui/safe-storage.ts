/**
 * The page's Web Storage, or null where reading it throws (storage disabled, some private
 * modes, sandboxed frames): callers then keep their data for this page only.
 */
export function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** This tab's sessionStorage, or null where reading it throws (see safeLocalStorage). */
export function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
