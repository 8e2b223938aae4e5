import { Link } from 'react-router-dom';

/** For a guest on a members' page (cart, orders, my courses). */
export function SignInPrompt({ text, button }: { text: string; button: string }) {
  return (
    <div className="learning-empty">
      <p>{text}</p>
      <Link to="/auth" className="button">
        {button}
      </Link>
    </div>
  );
}
