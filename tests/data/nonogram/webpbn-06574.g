webpbn.org #6574: Lasts Forever
Copyright 2009 by Gator
#d
   0:   #FFFFFF   white
   g:X  #000000   black
: rows
1g 2g 2g 2g 2g 2g 1g
1g 2g 2g 2g 2g 2g 1g 1g
1g 1g
1g 1g
1g 3g 1g
1g 13g 1g
1g 13g 1g
1g 13g 1g
1g 4g 4g 1g
1g 4g 3g 4g 1g
1g 4g 5g 4g 1g
1g 7g 1g
1g 7g 1g
1g 7g 1g
1g 7g 1g
1g 1g 5g 1g
1g 2g 6g 1g
1g 4g 6g 1g
1g 6g 6g 1g
1g 3g 1g
1g 1g 1g
1g 1g
1g 1g
1g 1g 2g 2g 2g 2g 2g 1g
1g 2g 2g 2g 2g 2g 1g
: columns
1g 2g 2g 2g 2g 2g 1g
1g 1g 2g 2g 2g 2g 2g 1g
1g 1g
1g 1g
1g 1g
1g 2g 1g
1g 6g 1g 1g
1g 6g 2g 1g
1g 6g 3g 1g
1g 4g 8g 1g
1g 3g 5g 2g 1g
1g 4g 8g 2g 1g
1g 4g 9g 2g 1g
1g 4g 11g 1g
1g 3g 9g 1g
1g 4g 8g 1g
1g 6g 3g 1g
1g 6g 2g 1g
1g 6g 1g 1g
1g 2g 1g
1g 1g
1g 1g
1g 1g
1g 2g 2g 2g 2g 2g 1g 1g
1g 2g 2g 2g 2g 2g 1g
