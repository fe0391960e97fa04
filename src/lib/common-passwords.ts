/**
 * Passwords of 8+ characters that top the public breach-frequency lists, plus local favourites.
 * Compared case-insensitively; a password made of one repeated character, a plain sequence or
 * the site's name is refused too (see password-policy.ts).
 */
export const COMMON_PASSWORDS = new Set(
  `password 12345678 123456789 1234567890 12345678910 11111111 00000000 88888888 66666666 99999999 87654321
  987654321 123123123 11223344 12341234 12344321 147258369 159753456 qwertyuiop qwerty123 qwerty12 qwertyui
  1qaz2wsx 1q2w3e4r 1q2w3e4r5t zaq12wsx zaq1zaq1 qazwsxedc asdfghjkl asdfghjk asdf1234 abcd1234 abc12345
  abcdefgh password1 password12 password123 password! p@ssw0rd passw0rd pa55word iloveyou iloveyou1 iloveyou2
  sunshine princess football baseball basketball superman batman123 starwars whatever trustno1 welcome1
  welcome123 letmein1 letmein123 monkey123 dragon123 shadow123 master123 michael1 jennifer jessica1 charlie1
  computer internet samsung1 changeme changeme1 admin123 administrator admin1234 root1234 secret123 test1234
  testing123 default1 guest123 login123 hello123 hellohello 1234qwer qwer1234 freedom1 mustang1 liverpool
  chelsea1 arsenal1 manchester pokemon1 naruto123 india123 india@123 mumbai123 delhi123 bharat123 krishna1
  ganesh123 sairam123 jaishriram omnamahshivaya cricket1 sachin10 dhoni007 virat18 bollywood welcome@123
  password@123 admin@123 abc@1234 test@123 pass@123 qwerty@123 1234abcd aa123456 a1234567 a12345678
  1234567a q1w2e3r4 q1w2e3r4t5 0987654321 123qweasd qweasdzxc zxcvbnm1 zxcvbnmm 1111111111 11112222
  aaaaaaaa password2 password01 loveyou1 lovelove iloveindia myfamily myspace1 football1 baseball1
  soccer123 hockey123 summer123 winter123 spring123 autumn123 january1 december december1 kineticgrowth`
    .split(/\s+/)
    .filter(Boolean),
);
