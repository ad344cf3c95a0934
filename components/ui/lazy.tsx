"use client";

import {
  cloneElement,
  createContext,
  lazy,
  Suspense,
  use,
  useEffect,
  useRef,
  useState,
  type ComponentPropsWithRef,
  type ComponentType,
  type ReactElement,
  type ReactNode,
} from "react";
import { toast } from "sonner";
import { PART_NOT_LOADED, partLoader } from "@/lib/lazy-chunk";
import { ErrorPanel } from "@/components/ui/error-panel";

/*
 * Code a page does not start with (docs/page-budgets-decisions.md): a dialog few visits open,
 * a tab not yet shown, the results of a first search, a tooltip. One idiom for all of it,
 * built on React.lazy:
 *
 * - `lazyDialog`: a dialog, popover or menu behind its button. The button is drawn at once; a
 *   pointer over it, a press or focus fetches the code, and the click that fetched it opens it.
 * - `lazyPart`: a part drawn in the page. Its code is fetched when it is first drawn (or
 *   earlier, with `preload()` on a sign of intent), with its own loading shape meanwhile.
 *
 * A fetch that fails is not kept: a dialog's click says so and the next click tries again, a
 * part draws its failure (by default "We couldn't load …" with Try again).
 */

/** `() => import("./x")`, written out so the bundler splits there; or `.then((m) => m.X)`. */
type ImportPart<C> = () => Promise<C | { default: C }>;

/** A part whose code could not be fetched draws what its host says, given the error. */
const NotLoaded = createContext<(error: unknown) => ReactNode>(() => null);

function notLoaded(error: unknown) {
  return function NotLoadedPart() {
    return use(NotLoaded)(error);
  };
}

interface Chunk<P> {
  load(): Promise<ComponentType<P>>;
  loaded(): ComponentType<P> | null;
  /** The part as a React.lazy component: the same one, or a new one after a failed fetch. */
  lazyPart(): ComponentType<P>;
}

function chunkOf<P extends object>(importPart: ImportPart<ComponentType<P>>): Chunk<P> {
  const loader = partLoader(() =>
    importPart().then((imported) => ({ default: "default" in imported ? imported.default : imported })),
  );

  type Entry = { failed: boolean; Part: ComponentType<P> };
  function fresh(): Entry {
    const entry: Entry = { failed: false, Part: lazy(() => settle(entry)) };
    return entry;
  }
  function settle(entry: Entry): Promise<{ default: ComponentType<P> }> {
    const Part = loader.loaded();
    // Fetched already (on intent, or for another instance): a thenable that answers at once,
    // which React.lazy reads in the same render, so the part is drawn without suspending.
    if (Part) {
      const answered = {
        then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve({ default: Part }),
      };
      return answered as unknown as Promise<{ default: ComponentType<P> }>;
    }
    return loader.load().then(
      (Loaded) => ({ default: Loaded }),
      // Resolved rather than thrown: the part draws its own failure without an error boundary,
      // and a render error of the part itself is not mistaken for a failed fetch.
      (error: unknown) => {
        entry.failed = true;
        return { default: notLoaded(error) };
      },
    );
  }

  let current = fresh();
  return {
    load: loader.load,
    loaded: loader.loaded,
    lazyPart() {
      if (current.failed) current = fresh();
      return current.Part;
    },
  };
}

type LazyPartOptions<P> = {
  /** Holds the part's place while its code is on its way: its own loading shape, so nothing shifts. */
  loading: (props: P) => ReactNode;
} & (
  | {
      /** What the part shows, for the failure's sentence "We couldn't load {what}.", with Try again. */
      what: string;
    }
  | {
      /** Drawn instead of the part when its code could not be fetched. */
      failed: (props: P) => ReactNode;
    }
);

export type LazyPart<P> = ComponentType<P> & {
  /** Starts fetching the part's code ahead of its first drawing, on a sign of intent. */
  preload(): void;
};

/**
 * A part of a page whose code comes when it is first drawn, not with the page:
 *
 *     const Results = lazyPart<ResultsProps>(() => import("./results"), {
 *       loading: () => <ResultsSkeleton />,
 *       what: "the results",
 *     });
 *
 * Rendered on the server as the part itself; while the code is on its way in the browser,
 * React keeps the server's markup (hydration) or draws `loading`. The rest of the page, and
 * whatever the user typed or picked there, is never held up or reset by it.
 */
export function lazyPart<P extends object>(
  importPart: ImportPart<ComponentType<P>>,
  options: LazyPartOptions<P>,
): LazyPart<P> {
  const chunk = chunkOf(importPart);
  function LazyPartHost(props: P) {
    const [Part, setPart] = useState(chunk.lazyPart);
    const failed = (error: unknown) =>
      "what" in options ? (
        <ErrorPanel error={error} what={options.what} onRetry={() => setPart(() => chunk.lazyPart())} />
      ) : (
        options.failed(props)
      );
    return (
      <NotLoaded value={failed}>
        <Suspense fallback={options.loading(props)}>
          <Part {...props} />
        </Suspense>
      </NotLoaded>
    );
  }
  return Object.assign(LazyPartHost, { preload: () => void chunk.load().catch(() => {}) });
}

/** What a lazy dialog's module is given besides its own props. */
export type LazyDialogProps = {
  /**
   * Its button, as declared with `lazyDialog`: the child of its Radix trigger
   * (`<Dialog.Trigger asChild>{trigger}</Dialog.Trigger>`, or the `trigger` of ui/dialog).
   */
  trigger: ReactElement;
};

type TriggerElement = ReactElement<ComponentPropsWithRef<"button">>;

/**
 * A dialog (or popover, or menu) whose code is not part of the page's first load, declared
 * once with its button:
 *
 *     export const EditTags = lazyDialog<{ listing: Listing }>(() => import("./tags-editor"), {
 *       trigger: ({ listing }) => <TagsEditButton listing={listing} />,
 *     });
 *
 * The module's default export is an ordinary dialog holding its own open state, given the
 * caller's props and `trigger`. Until the code is here the button is drawn alone, with the
 * name and ARIA Radix's trigger would give it; a pointer over it, a press or focus fetches the
 * code, and the click that fetched it opens the dialog: that click is handed on to the
 * dialog's own trigger once it is drawn, so it opens the way any later click does. Focus moves
 * into the dialog and returns to its trigger on close. If the code cannot be fetched, the
 * click says so and the next one tries again. Once fetched, every instance draws the dialog
 * (closed) at once.
 */
export function lazyDialog<P extends object>(
  importDialog: ImportPart<ComponentType<P & LazyDialogProps>>,
  { trigger }: { trigger: (props: P) => TriggerElement },
): ComponentType<P> {
  const chunk = chunkOf(importDialog);
  // Only drawn once its code is here, so it never fails and never suspends.
  const Dialog = chunk.lazyPart();
  const preload = () => void chunk.load().catch(() => {});

  function LazyDialogHost(props: P) {
    const [drawn, setDrawn] = useState(() => chunk.loaded() !== null);
    const [opening, setOpening] = useState(false);
    const clickToHandOn = useRef(false);
    const triggerRef = useRef<HTMLButtonElement>(null);

    useEffect(() => {
      if (!clickToHandOn.current || !triggerRef.current) return;
      clickToHandOn.current = false;
      triggerRef.current.click();
    });

    const button = trigger(props);
    if (drawn) {
      return (
        <Suspense fallback={button}>
          <Dialog {...props} trigger={cloneElement(button, { ref: triggerRef })} />
        </Suspense>
      );
    }

    const open = () => {
      if (opening) return;
      setOpening(true);
      chunk.load().then(
        () => {
          clickToHandOn.current = true;
          setDrawn(true);
        },
        () => {
          setOpening(false);
          toast.error(PART_NOT_LOADED);
        },
      );
    };
    return cloneElement(button, {
      onPointerEnter: preload,
      onPointerDown: preload,
      onFocus: preload,
      onClick: open,
      "aria-haspopup": "dialog",
      "aria-expanded": false,
      ...(opening ? { "aria-busy": true } : {}),
    });
  }
  return LazyDialogHost;
}
