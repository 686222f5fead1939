import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import { useIdle } from './use-idle';

/** What the real (lazily loaded) menu receives from its placeholder. */
export interface DeferredMenuProps {
  /** The visitor already clicked the placeholder: open right away. */
  defaultOpen: boolean;
  /** True when the placeholder had keyboard focus when it was swapped: the real trigger takes it. */
  takeFocus: () => boolean;
}

/**
 * A component whose code loads after the first paint: when the browser is idle, or at once when
 * `wanted` (the visitor is reaching for it). Null until the code has arrived; a failed load
 * leaves it null (the caller's placeholder stays) and is logged.
 */
export function useDeferredComponent<C>(load: () => Promise<C>, wanted: boolean): C | null {
  const idle = useIdle();
  const [component, setComponent] = useState<C | null>(null);
  const loader = useRef(load);

  useEffect(() => {
    if (!(idle || wanted)) return undefined;
    let active = true;
    loader.current().then(
      (loaded) => {
        if (active) setComponent(() => loaded);
      },
      (error: unknown) => console.error('[menu] code failed to load; the placeholder stays', error),
    );
    return () => {
      active = false;
    };
  }, [idle, wanted]);

  return component;
}

/**
 * For a header menu whose code loads after the first paint: a look-alike placeholder button is
 * shown until then. Hovering or focusing it starts the load at once (otherwise it starts when the
 * browser is idle); a click is remembered and the menu opens as soon as it is there; keyboard
 * focus moves over to the real trigger. `Menu` is null until the code has arrived.
 */
export function useDeferredMenu<P>(load: () => Promise<ComponentType<P & DeferredMenuProps>>) {
  const [wanted, setWanted] = useState(false);
  const [defaultOpen, setDefaultOpen] = useState(false);
  const Menu = useDeferredComponent(load, wanted);
  const focused = useRef(false);
  const takeFocus = useCallback(() => focused.current, []);

  return {
    Menu,
    placeholderProps: {
      type: 'button' as const,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': false,
      onPointerEnter: () => setWanted(true),
      onFocus: () => {
        focused.current = true;
        setWanted(true);
      },
      onBlur: () => {
        focused.current = false;
      },
      // Pressed (not only clicked): the real trigger may replace this button between the
      // press and the click, and the press is what a Radix trigger opens on.
      onPointerDown: (event: { button: number }) => {
        if (event.button !== 0) return;
        setWanted(true);
        setDefaultOpen(true);
      },
      onClick: () => {
        setWanted(true);
        setDefaultOpen(true);
      },
    },
    menuProps: { defaultOpen, takeFocus } satisfies DeferredMenuProps,
  };
}
