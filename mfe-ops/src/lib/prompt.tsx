import { Input, Modal } from 'antd';

/** Asks for a short text (a reason, a reference) in a dialog; resolves null when cancelled. */
export function ask(title: string, label: string, okText: string): Promise<string | null> {
  return new Promise((resolve) => {
    let value = '';
    Modal.confirm({
      title,
      content: <Input aria-label={label} placeholder={label} onChange={(e) => (value = e.target.value)} autoFocus />,
      okText,
      onOk: () => resolve(value.trim()),
      onCancel: () => resolve(null),
    });
  });
}
