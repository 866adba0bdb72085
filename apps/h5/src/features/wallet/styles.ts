// The money pages use the settings pages' form layout (.hx-form, .hx-list), the auth pages'
// links and code button (CodeField), and their own styles.
import '../../pages/settings/settings.css';
import '../../pages/auth/auth.css';
import './money.css';
