export { MailModule } from './mail.module';
