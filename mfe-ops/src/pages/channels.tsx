import { useEffect } from 'react';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { ops, type OpsReply } from '../lib/api';
import { PageTitle } from '../lib/page';
import { useOps } from '../lib/use-ops';
import { useOutcome } from '../lib/use-outcome';

export type Channels = OpsReply<'GET /ops/api/channels'>['channels'];

/**
 * Our official channels: the WhatsApp numbers (what each is for, when someone answers), e-mail
 * addresses, domains and social accounts that the public "Official channels" page lists and checks
 * a seller's number, address or link against; Help shows support's line and hours from here. An
 * admin changes them, audited; the api refuses a value that is not a number, an address, a domain
 * or an https link, in words shown here.
 */
export default function ChannelsPage() {
  const current = useOps(() => ops().channels.get(), 'channels');
  const { run, busy, notice } = useOutcome();
  const [form] = Form.useForm<Channels>();
  const loaded = current.data?.channels;
  useEffect(() => {
    if (loaded) form.setFieldsValue(loaded);
  }, [loaded, form]);

  const save = (values: Channels) =>
    run(async () => {
      const r = await ops().channels.save({
        whatsapp: (values.whatsapp ?? []).map((w) => ({
          number: w.number ?? '',
          purpose: w.purpose ?? '',
          hours: w.hours ?? '',
        })),
        emails: (values.emails ?? []).map((e) => ({ address: e.address ?? '', purpose: e.purpose ?? '' })),
        domains: (values.domains ?? []).map((d) => d ?? ''),
        socials: (values.socials ?? []).map((s) => ({ network: s.network ?? '', url: s.url ?? '' })),
      });
      form.setFieldsValue(r.channels);
      return r.changed
        ? 'Saved: the Official channels page, its checker and Help show the new list.'
        : 'Nothing changed.';
    });

  const remove = (label: string, onClick: () => void) => (
    <Button onClick={onClick} aria-label={label}>
      Remove
    </Button>
  );

  return (
    <>
      <PageTitle>Official channels</PageTitle>
      <Typography.Paragraph type="secondary">
        Sellers check a number, an e-mail address or a link against this list on the public Official channels page; Help
        shows support’s WhatsApp line and hours. List only what is ours.
      </Typography.Paragraph>
      {notice}
      {current.error && <Alert type="error" showIcon title={current.error} />}
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)} disabled={current.loading}>
        <Card title="WhatsApp numbers" size="small" className="ops-gap">
          <Form.List name="whatsapp">
            {(fields, { add, remove: drop }) => (
              <>
                {fields.map((f, i) => (
                  <Space key={f.key} wrap align="end">
                    <Form.Item name={[f.name, 'number']} label={`Number ${i + 1}`}>
                      <Input placeholder="+2348012345678" />
                    </Form.Item>
                    <Form.Item name={[f.name, 'purpose']} label={`What number ${i + 1} is for`}>
                      <Input placeholder="Support" />
                    </Form.Item>
                    <Form.Item name={[f.name, 'hours']} label={`Hours of number ${i + 1}`}>
                      <Input placeholder="Mon–Sat, 8:00–20:00 Lagos time" />
                    </Form.Item>
                    <Form.Item>{remove(`Remove number ${i + 1}`, () => drop(f.name))}</Form.Item>
                  </Space>
                ))}
                <Button onClick={() => add({ number: '', purpose: 'Support', hours: '' })}>Add a number</Button>
              </>
            )}
          </Form.List>
        </Card>
        <Card title="E-mail addresses" size="small" className="ops-gap">
          <Form.List name="emails">
            {(fields, { add, remove: drop }) => (
              <>
                {fields.map((f, i) => (
                  <Space key={f.key} wrap align="end">
                    <Form.Item name={[f.name, 'address']} label={`Address ${i + 1}`}>
                      <Input placeholder="support@giftlane.ng" />
                    </Form.Item>
                    <Form.Item name={[f.name, 'purpose']} label={`What address ${i + 1} is for`}>
                      <Input placeholder="Support" />
                    </Form.Item>
                    <Form.Item>{remove(`Remove address ${i + 1}`, () => drop(f.name))}</Form.Item>
                  </Space>
                ))}
                <Button onClick={() => add({ address: '', purpose: '' })}>Add an address</Button>
              </>
            )}
          </Form.List>
        </Card>
        <Card title="Websites (domains; addresses under them count as ours)" size="small" className="ops-gap">
          <Form.List name="domains">
            {(fields, { add, remove: drop }) => (
              <>
                {fields.map((f, i) => (
                  <Space key={f.key} wrap align="end">
                    <Form.Item name={f.name} label={`Domain ${i + 1}`}>
                      <Input placeholder="giftlane.ng" />
                    </Form.Item>
                    <Form.Item>{remove(`Remove domain ${i + 1}`, () => drop(f.name))}</Form.Item>
                  </Space>
                ))}
                <Button onClick={() => add('')}>Add a domain</Button>
              </>
            )}
          </Form.List>
        </Card>
        <Card title="Social accounts" size="small" className="ops-gap">
          <Form.List name="socials">
            {(fields, { add, remove: drop }) => (
              <>
                {fields.map((f, i) => (
                  <Space key={f.key} wrap align="end">
                    <Form.Item name={[f.name, 'network']} label={`Network ${i + 1}`}>
                      <Input placeholder="Instagram" />
                    </Form.Item>
                    <Form.Item name={[f.name, 'url']} label={`Profile link ${i + 1}`}>
                      <Input placeholder="https://instagram.com/…" />
                    </Form.Item>
                    <Form.Item>{remove(`Remove account ${i + 1}`, () => drop(f.name))}</Form.Item>
                  </Space>
                ))}
                <Button onClick={() => add({ network: '', url: '' })}>Add an account</Button>
              </>
            )}
          </Form.List>
        </Card>
        <Button type="primary" htmlType="submit" loading={busy}>
          Save the channels
        </Button>
      </Form>
    </>
  );
}
