// The money pages' own styles; forms and lists come with components.css, the code button with
// features/auth.
import './money.css';
