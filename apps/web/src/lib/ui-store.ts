import { useSyncExternalStore } from 'react';

/**
 * Which site-wide modal is open, and the side menu's mini/full state. One tiny store so the
 * header, side menu and pages can open a modal without knowing who renders it.
 */
export type ModalName = 'login' | 'register' | 'notice' | 'download' | 'help' | 'game';

type UiState = {
  modal: ModalName | null;
  /** Extra data for the open modal (e.g. the notice id to select first, the login modal's view). */
  modalArg?: string | number;
  /** null: the route's default (mini on /seamless and /vnlottery, else full). */
  sideMenuMini: boolean | null;
};

let state: UiState = { modal: null, sideMenuMini: null };
const listeners = new Set<() => void>();

function set(patch: Partial<UiState>) {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export const ui = {
  get: () => state,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  openModal: (modal: ModalName, modalArg?: string | number) => set({ modal, modalArg }),
  closeModal: () => set({ modal: null, modalArg: undefined }),
  setSideMenuMini: (sideMenuMini: boolean | null) => set({ sideMenuMini }),
};

export function useUi<T>(select: (s: UiState) => T): T {
  return useSyncExternalStore(ui.subscribe, () => select(state));
}
