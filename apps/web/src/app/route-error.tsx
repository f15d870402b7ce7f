import { Button, Result } from 'antd';

/** Shown when a page fails to load (for instance a chunk missing after a new release). */
export function RouteError() {
  return (
    <Result
      status="warning"
      title="This page could not be loaded."
      subTitle="A new version of the site may have been released. Reloading usually fixes it."
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    />
  );
}
