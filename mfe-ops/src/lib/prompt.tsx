import { useCallback } from 'react';
import { App, Input } from 'antd';

/** Asks for a short text (a reason, a reference) in a dialog; resolves null when cancelled. */
export type Ask = (title: string, label: string, okText: string) => Promise<string | null>;

/**
 * The console's ask: its dialog drawn by ThemeRoot's App, so in the console's theme and without motion. A static
 * Modal.confirm is drawn outside the provider: antd's default colours, zooming in from the pointer for 0.3 s, in
 * which a click meant for its button can land beside it and do nothing.
 */
export function useAsk(): Ask {
  const { modal } = App.useApp();
  return useCallback(
    (title, label, okText) =>
      new Promise((resolve) => {
        let value = '';
        modal.confirm({
          title,
          content: (
            <Input aria-label={label} placeholder={label} onChange={(e) => (value = e.target.value)} autoFocus />
          ),
          okText,
          onOk: () => resolve(value.trim()),
          onCancel: () => resolve(null),
        });
      }),
    [modal],
  );
}
