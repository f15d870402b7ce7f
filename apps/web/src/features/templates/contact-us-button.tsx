import { Button } from 'antd';
import { Themed } from '../../shared/islands/themed';
import { usePageNavigate } from '../../shared/navigation';

/** The list's way to ask for a plan that is not there yet. */
export function ContactUsButton() {
  const navigate = usePageNavigate();
  return (
    <Themed>
      <Button onClick={() => navigate('/contact-us')}>Contact us</Button>
    </Themed>
  );
}
