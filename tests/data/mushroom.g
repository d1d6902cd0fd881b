Mushroom
# Written for gridkit's tests; free to share.
#d
   0:   #FFFFFF   white
   1:*  #D62728   red
   w:w  #F4F1E8   cream
   y:y  #F0C808   yellow
   g:g  #2CA02C   green
: rows
4
8
2 2w 2 2w 2
3 2w 2 2w 3
12
2 2w 4 2w 2
8y
3y 2g 3y
3y 2g 3y
6y
: columns
3
4
4 1w 3y
1 2w 1 1w 4y
2 2w 2 4y
6 1y 2g 1y
6 1y 2g 1y
2 2w 2 4y
1 2w 1 1w 4y
4 1w 3y
4
3
